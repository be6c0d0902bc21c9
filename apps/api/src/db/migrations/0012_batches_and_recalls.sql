CREATE TYPE "public"."recall_severity" AS ENUM('class_1', 'class_2', 'class_3');--> statement-breakpoint
CREATE SEQUENCE "public"."recall_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "recall_acknowledgements" (
	"recall_id" uuid NOT NULL,
	"drop_id" uuid NOT NULL,
	"acknowledged_by_user_id" uuid,
	"acknowledged_by_name" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_acknowledgements_recall_id_drop_id_pk" PRIMARY KEY("recall_id","drop_id")
);
--> statement-breakpoint
CREATE TABLE "recall_lots" (
	"recall_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"units_held" integer NOT NULL,
	CONSTRAINT "recall_lots_recall_id_lot_id_pk" PRIMARY KEY("recall_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid,
	"batch_numbers" text[] NOT NULL,
	"reason" text NOT NULL,
	"severity" "recall_severity" NOT NULL,
	"declared_by_org_id" uuid NOT NULL,
	"declared_by_user_id" uuid,
	"declared_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recalls_number_unique" UNIQUE("number"),
	CONSTRAINT "recalls_batch_numbers_present" CHECK (cardinality("recalls"."batch_numbers") >= 1)
);
--> statement-breakpoint
ALTER TABLE "inventory_lots" DROP CONSTRAINT "inventory_lots_supplier_product_expiry_unique";--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD COLUMN "batch_number" text;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recall_acknowledgements" ADD CONSTRAINT "recall_acknowledgements_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_acknowledgements" ADD CONSTRAINT "recall_acknowledgements_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_acknowledgements" ADD CONSTRAINT "recall_acknowledgements_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_lots" ADD CONSTRAINT "recall_lots_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_lots" ADD CONSTRAINT "recall_lots_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_supplier_id_organizations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_declared_by_org_id_organizations_id_fk" FOREIGN KEY ("declared_by_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_declared_by_user_id_users_id_fk" FOREIGN KEY ("declared_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_lots_lot_idx" ON "recall_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "recalls_supplier_idx" ON "recalls" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "recalls_product_idx" ON "recalls" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inventory_lots_product_batch_idx" ON "inventory_lots" USING btree ("product_id","batch_number");--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_supplier_product_batch_expiry_unique" UNIQUE NULLS NOT DISTINCT("supplier_id","product_id","batch_number","expiry_date");--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_batch_number_check" CHECK ("inventory_lots"."batch_number" ~ '^[A-Z0-9][A-Z0-9./_-]{0,19}$');--> statement-breakpoint
-- A quarantined lot (under a recall) is not stock on offer: the stocked lines and latest expiry leave it
-- out, and quarantining a lot refreshes its pair's position like any change of quantity.
CREATE OR REPLACE FUNCTION aduro_stock_position(p_supplier uuid, p_product uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_positions (supplier_id, product_id, latest_expiry)
  VALUES (p_supplier, p_product, NULL) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM stock_positions WHERE supplier_id = p_supplier AND product_id = p_product FOR UPDATE;
  UPDATE stock_positions
     SET latest_expiry = (SELECT max(coalesce(l.expiry_date, 'infinity'::date))
                            FROM inventory_lots l
                           WHERE l.supplier_id = p_supplier AND l.product_id = p_product AND l.quantity > 0
                             AND l.quarantined_at IS NULL
                             AND EXISTS (SELECT 1 FROM offers f
                                          WHERE f.supplier_id = p_supplier AND f.product_id = p_product))
   WHERE supplier_id = p_supplier AND product_id = p_product;
END
$$;
--> statement-breakpoint
DROP TRIGGER inventory_lots_stock_update ON inventory_lots;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_lots_stock_update AFTER UPDATE OF quantity, expiry_date, supplier_id, product_id, quarantined_at ON inventory_lots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.expiry_date IS DISTINCT FROM NEW.expiry_date
        OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
        OR OLD.quarantined_at IS DISTINCT FROM NEW.quarantined_at)
  EXECUTE FUNCTION aduro_lots_stock();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aduro_rebuild_trade_figures() RETURNS void LANGUAGE sql AS $$
  DELETE FROM stock_positions;
  DELETE FROM supplier_trade;
  DELETE FROM trade_pairs;
  INSERT INTO trade_pairs (supplier_id, buyer_id, released_orders, gmv)
  SELECT seller_org_id, buyer_org_id, count(*), sum(total_cost)
    FROM orders WHERE status IN ('RELEASED', 'SHIPPED', 'DELIVERED')
   GROUP BY seller_org_id, buyer_org_id;
  INSERT INTO supplier_trade (supplier_id, customer_count, gmv)
  SELECT supplier_id, count(*), sum(gmv) FROM trade_pairs GROUP BY supplier_id;
  INSERT INTO stock_positions (supplier_id, product_id, latest_expiry)
  SELECT l.supplier_id, l.product_id, max(coalesce(l.expiry_date, 'infinity'::date))
    FROM inventory_lots l
    JOIN offers f ON f.supplier_id = l.supplier_id AND f.product_id = l.product_id
   WHERE l.quantity > 0 AND l.quarantined_at IS NULL
   GROUP BY l.supplier_id, l.product_id;
$$;
