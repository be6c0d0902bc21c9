ALTER TABLE "organizations" ADD COLUMN "default_min_shelf_life_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "min_shelf_life_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_min_shelf_life_days_check" CHECK ("organizations"."default_min_shelf_life_days" between 0 and 1095);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_min_shelf_life_days_range" CHECK ("orders"."min_shelf_life_days" between 0 and 1095);