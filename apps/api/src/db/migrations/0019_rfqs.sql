CREATE TYPE "public"."rfq_invitation_status" AS ENUM('invited', 'quoted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."rfq_status" AS ENUM('open', 'closed', 'awarded', 'cancelled');--> statement-breakpoint
CREATE SEQUENCE "public"."rfq_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "rfq_awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"rfq_line_id" uuid NOT NULL,
	"quote_line_id" uuid NOT NULL,
	"supplier_org_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_awards_quote_line_unique" UNIQUE("quote_line_id"),
	CONSTRAINT "rfq_awards_order_unique" UNIQUE("order_id"),
	CONSTRAINT "rfq_awards_quantity_positive" CHECK ("rfq_awards"."quantity" > 0),
	CONSTRAINT "rfq_awards_unit_price_positive" CHECK ("rfq_awards"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_invitations" (
	"rfq_id" uuid NOT NULL,
	"supplier_org_id" uuid NOT NULL,
	"status" "rfq_invitation_status" DEFAULT 'invited' NOT NULL,
	"responded_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_invitations_rfq_id_supplier_org_id_pk" PRIMARY KEY("rfq_id","supplier_org_id")
);
--> statement-breakpoint
CREATE TABLE "rfq_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "rfq_lines_rfq_line_no_unique" UNIQUE("rfq_id","line_no"),
	CONSTRAINT "rfq_lines_rfq_product_unique" UNIQUE("rfq_id","product_id"),
	CONSTRAINT "rfq_lines_quantity_positive" CHECK ("rfq_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"rfq_line_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"earliest_expiry" date,
	CONSTRAINT "rfq_quote_lines_quote_line_unique" UNIQUE("quote_id","rfq_line_id"),
	CONSTRAINT "rfq_quote_lines_unit_price_positive" CHECK ("rfq_quote_lines"."unit_price" > 0),
	CONSTRAINT "rfq_quote_lines_quantity_positive" CHECK ("rfq_quote_lines"."quantity" > 0),
	CONSTRAINT "rfq_quote_lines_lead_time_range" CHECK ("rfq_quote_lines"."lead_time_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "rfq_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"supplier_org_id" uuid NOT NULL,
	"valid_until" date NOT NULL,
	"payment_terms" text NOT NULL,
	"notes" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"submitted_by_user_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_quotes_rfq_supplier_unique" UNIQUE("rfq_id","supplier_org_id"),
	CONSTRAINT "rfq_quotes_revision_positive" CHECK ("rfq_quotes"."revision" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"status" "rfq_status" DEFAULT 'open' NOT NULL,
	"sealed" boolean DEFAULT true NOT NULL,
	"required_by" date NOT NULL,
	"response_deadline" timestamp with time zone NOT NULL,
	"delivery_location" text NOT NULL,
	"notes" text,
	"min_shelf_life_days" integer DEFAULT 0 NOT NULL,
	"invite_all" boolean DEFAULT false NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"awarded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_number_unique" UNIQUE("number"),
	CONSTRAINT "rfqs_min_shelf_life_days_range" CHECK ("rfqs"."min_shelf_life_days" between 0 and 1095),
	CONSTRAINT "rfqs_status_columns" CHECK (("rfqs"."status" = 'open' and "rfqs"."closed_at" is null and "rfqs"."awarded_at" is null and "rfqs"."cancelled_at" is null)
       or ("rfqs"."status" = 'closed' and "rfqs"."closed_at" is not null and "rfqs"."awarded_at" is null and "rfqs"."cancelled_at" is null)
       or ("rfqs"."status" = 'awarded' and "rfqs"."closed_at" is not null and "rfqs"."awarded_at" is not null and "rfqs"."cancelled_at" is null)
       or ("rfqs"."status" = 'cancelled' and "rfqs"."cancelled_at" is not null and "rfqs"."awarded_at" is null))
);
--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_rfq_line_id_rfq_lines_id_fk" FOREIGN KEY ("rfq_line_id") REFERENCES "public"."rfq_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_quote_line_id_rfq_quote_lines_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."rfq_quote_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lines" ADD CONSTRAINT "rfq_lines_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lines" ADD CONSTRAINT "rfq_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quote_lines" ADD CONSTRAINT "rfq_quote_lines_quote_id_rfq_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."rfq_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quote_lines" ADD CONSTRAINT "rfq_quote_lines_rfq_line_id_rfq_lines_id_fk" FOREIGN KEY ("rfq_line_id") REFERENCES "public"."rfq_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfq_awards_rfq_idx" ON "rfq_awards" USING btree ("rfq_id");--> statement-breakpoint
CREATE INDEX "rfq_invitations_supplier_idx" ON "rfq_invitations" USING btree ("supplier_org_id");--> statement-breakpoint
CREATE INDEX "rfqs_buyer_idx" ON "rfqs" USING btree ("buyer_org_id","created_at");--> statement-breakpoint
CREATE INDEX "rfqs_open_deadline_idx" ON "rfqs" USING btree ("response_deadline") WHERE "rfqs"."status" = 'open';