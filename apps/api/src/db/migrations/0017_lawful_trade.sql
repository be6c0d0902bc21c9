CREATE TABLE "controlled_register" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signoff_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"signed_off_at" timestamp with time zone NOT NULL,
	"supplier_org_id" uuid NOT NULL,
	"supplier_name" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"drop_id" uuid NOT NULL,
	"allocation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"controlled" text NOT NULL,
	"lot_id" uuid,
	"batch_number" text,
	"quantity" integer NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_licence_number" text NOT NULL,
	"buyer_authorisation_number" text NOT NULL,
	"approver_user_id" uuid,
	"approver_name" text NOT NULL,
	"pharmacist_user_id" uuid NOT NULL,
	"pharmacist_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controlled_register_quantity_check" CHECK ("controlled_register"."quantity" > 0),
	CONSTRAINT "controlled_register_controlled_check" CHECK ("controlled_register"."controlled" in ('narcotic', 'psychotropic', 'precursor'))
);
--> statement-breakpoint
CREATE TABLE "controlled_signoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"supplier_org_id" uuid NOT NULL,
	"pharmacist_user_id" uuid NOT NULL,
	"pharmacist_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_records" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"document_storage_key" text,
	"document_file_name" text,
	"document_mime_type" text,
	"document_size_bytes" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by_user_id" uuid,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"controlled_authorisation_number" text,
	"controlled_authorisation_expires_on" date,
	"controlled_authorised" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_records_kind_check" CHECK ("licence_records"."kind" in ('retail_pharmacy', 'hospital_pharmacy', 'wholesale_pharmacy', 'otc_medicine_seller')),
	CONSTRAINT "licence_records_status_check" CHECK ("licence_records"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "licence_records_authorisation_pair_check" CHECK (("licence_records"."controlled_authorisation_number" is null) = ("licence_records"."controlled_authorisation_expires_on" is null)),
	CONSTRAINT "licence_records_authorised_needs_authorisation_check" CHECK (not "licence_records"."controlled_authorised" or ("licence_records"."controlled_authorisation_number" is not null and "licence_records"."status" = 'verified')),
	CONSTRAINT "licence_records_rejection_reason_check" CHECK ("licence_records"."status" <> 'rejected' or "licence_records"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "medicine_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "controlled" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fda_registration_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fda_registration_expires_on" date;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_signoff_id_controlled_signoffs_id_fk" FOREIGN KEY ("signoff_id") REFERENCES "public"."controlled_signoffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_register" ADD CONSTRAINT "controlled_register_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_signoffs" ADD CONSTRAINT "controlled_signoffs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_signoffs" ADD CONSTRAINT "controlled_signoffs_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_records" ADD CONSTRAINT "licence_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_records" ADD CONSTRAINT "licence_records_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "controlled_register_supplier_idx" ON "controlled_register" USING btree ("supplier_org_id","signed_off_at");--> statement-breakpoint
CREATE INDEX "controlled_register_drop_idx" ON "controlled_register" USING btree ("drop_id");--> statement-breakpoint
CREATE INDEX "controlled_register_allocation_idx" ON "controlled_register" USING btree ("allocation_id");--> statement-breakpoint
CREATE INDEX "controlled_signoffs_order_idx" ON "controlled_signoffs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "licence_records_status_idx" ON "licence_records" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_medicine_class_check" CHECK ("products"."medicine_class" in ('A', 'B', 'C'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_controlled_check" CHECK ("products"."controlled" in ('narcotic', 'psychotropic', 'precursor'));--> statement-breakpoint
-- The controlled-drugs register and its sign-offs are append-only (Act 489 s.33-34): nothing rewrites
-- or removes an entry, whatever the caller. A trigger refuses rather than a rule that silently does
-- nothing, so a slip fails loudly.
CREATE FUNCTION "controlled_register_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the controlled-drugs register is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "controlled_register_no_update_or_delete" BEFORE UPDATE OR DELETE ON "controlled_register"
	FOR EACH ROW EXECUTE FUNCTION "controlled_register_append_only"();--> statement-breakpoint
CREATE TRIGGER "controlled_register_no_truncate" BEFORE TRUNCATE ON "controlled_register"
	FOR EACH STATEMENT EXECUTE FUNCTION "controlled_register_append_only"();--> statement-breakpoint
CREATE TRIGGER "controlled_signoffs_no_update_or_delete" BEFORE UPDATE OR DELETE ON "controlled_signoffs"
	FOR EACH ROW EXECUTE FUNCTION "controlled_register_append_only"();--> statement-breakpoint
CREATE TRIGGER "controlled_signoffs_no_truncate" BEFORE TRUNCATE ON "controlled_signoffs"
	FOR EACH STATEMENT EXECUTE FUNCTION "controlled_register_append_only"();
