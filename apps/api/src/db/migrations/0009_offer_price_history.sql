CREATE TABLE "offer_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_prices_unit_price_positive" CHECK ("offer_prices"."unit_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "offer_prices" ADD CONSTRAINT "offer_prices_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_prices" ADD CONSTRAINT "offer_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_prices_product_effective_idx" ON "offer_prices" USING btree ("product_id","effective_at");--> statement-breakpoint
-- Offers made before prices were kept start their history with the price they hold now, from the day the offer was made: the only price known for them.
INSERT INTO "offer_prices" ("supplier_id", "product_id", "unit_price", "effective_at")
SELECT "supplier_id", "product_id", "unit_price", "created_at" FROM "offers";
