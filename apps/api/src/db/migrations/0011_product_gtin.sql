ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_gtin_unique" ON "products" USING btree ("gtin");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_check" CHECK ("products"."gtin" ~ '^[0-9]{14}$');