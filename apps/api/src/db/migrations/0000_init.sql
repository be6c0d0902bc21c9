CREATE TYPE "public"."org_kind" AS ENUM('customer', 'supplier', 'platform');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'mobile_money', 'digital_wallet', 'credit_facility', 'cheque');--> statement-breakpoint
CREATE TYPE "public"."supplier_category" AS ENUM('importer', 'distributor', 'manufacturer');--> statement-breakpoint
CREATE TYPE "public"."drop_status" AS ENUM('Awaiting Dispatch', 'Shipped', 'Out for Delivery', 'Delivered', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('AWAITING_CUSTOMER_APPROVAL', 'RELEASED', 'SHIPPED', 'DELIVERED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."credit_application_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."credit_line_status" AS ENUM('active', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('unpaid', 'paid', 'void');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "org_kind" NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"location" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"supplier_category" "supplier_category",
	"payment_terms" text DEFAULT 'Prepaid' NOT NULL,
	"supported_payment_methods" "payment_method"[] DEFAULT '{}' NOT NULL,
	"default_payment_method" "payment_method",
	"supports_credit" boolean DEFAULT false NOT NULL,
	"default_lead_time_days" integer DEFAULT 3 NOT NULL,
	"delivery_address" text,
	"delivery_contact_name" text,
	"delivery_contact_phone" text,
	"approver_emails" text[] DEFAULT '{}' NOT NULL,
	"licence_storage_key" text,
	"licence_file_name" text,
	"licence_mime_type" text,
	"licence_size_bytes" integer,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_lead_time_check" CHECK ("organizations"."default_lead_time_days" between 0 and 365),
	CONSTRAINT "organizations_supplier_category_check" CHECK ("organizations"."kind" = 'supplier' or "organizations"."supplier_category" is null)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"org_kind" "org_kind" NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_type" "org_kind" NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brand_name" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"unit_of_measure" text NOT NULL,
	"items_per_unit" text NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_by_org_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"expiry_date" date,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_lots_supplier_product_expiry_unique" UNIQUE NULLS NOT DISTINCT("supplier_id","product_id","expiry_date"),
	CONSTRAINT "inventory_lots_quantity_nonnegative" CHECK ("inventory_lots"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_supplier_product_unique" UNIQUE("supplier_id","product_id"),
	CONSTRAINT "offers_unit_price_positive" CHECK ("offers"."unit_price" > 0),
	CONSTRAINT "offers_moq_positive" CHECK ("offers"."moq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2),
	"delivery_location" text,
	"preferred_drop_date" date,
	"contact_name" text,
	"contact_phone" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0),
	CONSTRAINT "cart_items_unit_price_positive" CHECK ("cart_items"."unit_price" is null or "cart_items"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "drop_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drop_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_allocations_quantity_positive" CHECK ("drop_allocations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"address_name" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"quantity" integer NOT NULL,
	"status" "drop_status" DEFAULT 'Awaiting Dispatch' NOT NULL,
	"tracking_number" text,
	"estimated_delivery_date" date,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_drops_order_sequence_unique" UNIQUE("order_id","sequence"),
	CONSTRAINT "order_drops_quantity_positive" CHECK ("order_drops"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"drop_id" uuid,
	"actor_user_id" uuid,
	"actor_name" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"total_quantity" integer NOT NULL,
	"total_cost" numeric(14, 2) NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_terms" text NOT NULL,
	"use_credit" boolean DEFAULT false NOT NULL,
	"credit_term_days" integer,
	"entity_name" text,
	"entity_location" text,
	"requester_role" text,
	"delivery_contact_name" text,
	"delivery_contact_phone" text,
	"delivery_address" text,
	"status" "order_status" DEFAULT 'AWAITING_CUSTOMER_APPROVAL' NOT NULL,
	"created_by_user_id" uuid,
	"approved_by_user_id" uuid,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_total_quantity_positive" CHECK ("orders"."total_quantity" > 0),
	CONSTRAINT "orders_total_cost_nonnegative" CHECK ("orders"."total_cost" >= 0),
	CONSTRAINT "orders_unit_price_positive" CHECK ("orders"."unit_price" > 0),
	CONSTRAINT "orders_credit_term_days_range" CHECK ("orders"."credit_term_days" is null or "orders"."credit_term_days" between 0 and 180),
	CONSTRAINT "orders_buyer_not_seller" CHECK ("orders"."buyer_org_id" <> "orders"."seller_org_id")
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"requested_limit" numeric(14, 2) NOT NULL,
	"notes" text,
	"status" "credit_application_status" DEFAULT 'pending' NOT NULL,
	"approved_limit" numeric(14, 2),
	"submitted_by_user_id" uuid,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_applications_requested_minimum" CHECK ("credit_applications"."requested_limit" >= 1000),
	CONSTRAINT "credit_applications_approved_limit" CHECK (("credit_applications"."status" = 'approved') = ("credit_applications"."approved_limit" is not null))
);
--> statement-breakpoint
CREATE TABLE "credit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"credit_limit" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" "credit_line_status" DEFAULT 'active' NOT NULL,
	"date_set" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lines_customer_supplier_unique" UNIQUE("customer_id","supplier_id"),
	CONSTRAINT "credit_lines_limit_nonnegative" CHECK ("credit_lines"."credit_limit" >= 0),
	CONSTRAINT "credit_lines_balance_nonnegative" CHECK ("credit_lines"."balance" >= 0),
	CONSTRAINT "credit_lines_balance_within_limit" CHECK ("credit_lines"."balance" <= "credit_lines"."credit_limit")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"credit_line_id" uuid,
	"on_credit" boolean DEFAULT false NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"status" "invoice_status" DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_amount_nonnegative" CHECK ("invoices"."amount" >= 0),
	CONSTRAINT "invoices_paid_within_amount" CHECK ("invoices"."amount_paid" >= 0 and "invoices"."amount_paid" <= "invoices"."amount"),
	CONSTRAINT "invoices_credit_line_when_on_credit" CHECK (not "invoices"."on_credit" or "invoices"."credit_line_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text,
	"recorded_by_user_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method_not_credit" CHECK ("payments"."method" <> 'credit_facility')
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_org_id_organizations_id_fk" FOREIGN KEY ("created_by_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_allocations" ADD CONSTRAINT "drop_allocations_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_allocations" ADD CONSTRAINT "drop_allocations_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drops" ADD CONSTRAINT "order_drops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_customer_id_organizations_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_customer_id_organizations_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_line_id_credit_lines_id_fk" FOREIGN KEY ("credit_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_kind_idx" ON "organizations" USING btree ("kind","is_active");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_dedupe_key_unique" ON "products" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "inventory_lots_product_idx" ON "inventory_lots" USING btree ("product_id","expiry_date");--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "drop_allocations_drop_idx" ON "drop_allocations" USING btree ("drop_id");--> statement-breakpoint
CREATE INDEX "drop_allocations_lot_idx" ON "drop_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "order_drops_status_idx" ON "order_drops" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_org_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_org_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","approved_at");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_pending" ON "credit_applications" USING btree ("customer_id","supplier_id") WHERE "credit_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credit_applications_supplier_idx" ON "credit_applications" USING btree ("supplier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "credit_lines_supplier_idx" ON "credit_lines" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_org_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_org_id","status","due_date");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");