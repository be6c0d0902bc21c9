CREATE TYPE "public"."return_reason" AS ENUM('damaged', 'expired', 'near_expiry', 'wrong_item', 'short_shipped', 'recalled');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'rejected', 'received', 'completed');--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"return_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"applied_to_invoice" numeric(14, 2) DEFAULT 0 NOT NULL,
	"applied_to_credit_line" numeric(14, 2) DEFAULT 0 NOT NULL,
	"held_as_credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_return_id_unique" UNIQUE("return_id"),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount" > 0),
	CONSTRAINT "credit_notes_split_adds_up" CHECK ("credit_notes"."applied_to_invoice" >= 0 and "credit_notes"."applied_to_credit_line" >= 0 and "credit_notes"."held_as_credit" >= 0
          and "credit_notes"."applied_to_invoice" + "credit_notes"."applied_to_credit_line" + "credit_notes"."held_as_credit" = "credit_notes"."amount")
);
--> statement-breakpoint
CREATE TABLE "destruction_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"destroyed_on" date NOT NULL,
	"method" text NOT NULL,
	"witness" text NOT NULL,
	"fda_reference" text NOT NULL,
	"recorded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destruction_records_return_id_unique" UNIQUE("return_id")
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"drop_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"batch_number" text,
	"quantity" integer NOT NULL,
	"reason" "return_reason" NOT NULL,
	"received_quantity" integer,
	"restocked_quantity" integer,
	"destroyed_quantity" integer,
	"manufacturer_quantity" integer,
	CONSTRAINT "return_lines_return_line_no_unique" UNIQUE("return_id","line_no"),
	CONSTRAINT "return_lines_return_drop_lot_unique" UNIQUE("return_id","drop_id","lot_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_received_range" CHECK ("return_lines"."received_quantity" is null or "return_lines"."received_quantity" between 0 and "return_lines"."quantity"),
	CONSTRAINT "return_lines_fates_add_up" CHECK (("return_lines"."restocked_quantity" is null and "return_lines"."destroyed_quantity" is null and "return_lines"."manufacturer_quantity" is null)
       or ("return_lines"."received_quantity" is not null and "return_lines"."restocked_quantity" >= 0 and "return_lines"."destroyed_quantity" >= 0
           and "return_lines"."manufacturer_quantity" >= 0
           and "return_lines"."restocked_quantity" + "return_lines"."destroyed_quantity" + "return_lines"."manufacturer_quantity" = "return_lines"."received_quantity"))
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"notes" text,
	"recall_id" uuid,
	"requested_by_user_id" uuid,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"received_at" timestamp with time zone,
	"inspected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_buyer_not_seller" CHECK ("returns"."buyer_org_id" <> "returns"."seller_org_id"),
	CONSTRAINT "returns_status_columns" CHECK (("returns"."status" = 'requested' and "returns"."decided_at" is null and "returns"."received_at" is null and "returns"."inspected_at" is null)
       or ("returns"."status" = 'rejected' and "returns"."decided_at" is not null and "returns"."reject_reason" is not null and "returns"."received_at" is null)
       or ("returns"."status" = 'approved' and "returns"."decided_at" is not null and "returns"."received_at" is null and "returns"."inspected_at" is null)
       or ("returns"."status" = 'received' and "returns"."decided_at" is not null and "returns"."received_at" is not null and "returns"."inspected_at" is null)
       or ("returns"."status" = 'completed' and "returns"."received_at" is not null and "returns"."inspected_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "supplier_credits" (
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_credits_buyer_org_id_seller_org_id_pk" PRIMARY KEY("buyer_org_id","seller_org_id"),
	CONSTRAINT "supplier_credits_balance_nonnegative" CHECK ("supplier_credits"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_applied" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destruction_records" ADD CONSTRAINT "destruction_records_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destruction_records" ADD CONSTRAINT "destruction_records_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destruction_records" ADD CONSTRAINT "destruction_records_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_credits" ADD CONSTRAINT "supplier_credits_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_buyer_idx" ON "credit_notes" USING btree ("buyer_org_id","issued_at");--> statement-breakpoint
CREATE INDEX "credit_notes_seller_idx" ON "credit_notes" USING btree ("seller_org_id","issued_at");--> statement-breakpoint
CREATE INDEX "destruction_records_seller_idx" ON "destruction_records" USING btree ("seller_org_id","destroyed_on");--> statement-breakpoint
CREATE INDEX "return_lines_drop_idx" ON "return_lines" USING btree ("drop_id","lot_id");--> statement-breakpoint
CREATE INDEX "returns_buyer_idx" ON "returns" USING btree ("buyer_org_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_seller_idx" ON "returns" USING btree ("seller_org_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_within_amount" CHECK ("invoices"."credited" >= 0 and "invoices"."credited" <= "invoices"."amount");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settled_within_amount" CHECK ("invoices"."credit_applied" >= 0 and "invoices"."credit_applied" <= "invoices"."credited"
          and "invoices"."amount_paid" + "invoices"."credit_applied" <= "invoices"."amount");