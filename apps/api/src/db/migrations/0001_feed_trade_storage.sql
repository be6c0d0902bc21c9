CREATE TABLE "licence_files" (
	"key" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"content" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "stock_positions" (
	"supplier_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"latest_expiry" date,
	CONSTRAINT "stock_positions_supplier_id_product_id_pk" PRIMARY KEY("supplier_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_trade" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"customer_count" integer DEFAULT 0 NOT NULL,
	"gmv" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "supplier_trade_customers_nonnegative" CHECK ("supplier_trade"."customer_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_pairs" (
	"supplier_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"released_orders" integer DEFAULT 0 NOT NULL,
	"gmv" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "trade_pairs_supplier_id_buyer_id_pk" PRIMARY KEY("supplier_id","buyer_id"),
	CONSTRAINT "trade_pairs_released_nonnegative" CHECK ("trade_pairs"."released_orders" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_ids" uuid[] NOT NULL,
	"audience" text[] DEFAULT '{}' NOT NULL,
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_files" ADD CONSTRAINT "licence_files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_trade" ADD CONSTRAINT "supplier_trade_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_pairs" ADD CONSTRAINT "trade_pairs_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_pairs" ADD CONSTRAINT "trade_pairs_buyer_id_organizations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_org_ids_idx" ON "events" USING gin ("org_ids");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");