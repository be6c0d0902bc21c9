-- Trade figures kept by the transactions that change them (db/schema/suppliers.ts). Constraint triggers
-- deferred to commit: each transaction takes these rows' locks last, after order, lots, credit line and
-- invoice (docs/decisions/0007-invalidation-by-what-changed.md), so they add no lock cycle.

CREATE FUNCTION aduro_trade_apply(p_supplier uuid, p_buyer uuid, p_orders integer, p_gmv numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_after integer;
  v_customers integer;
BEGIN
  IF p_orders = 0 AND p_gmv = 0 THEN
    RETURN;
  END IF;
  -- Increments commute, so concurrent writers of one pair are exact: each applies its delta to the row
  -- version it waited for. Update first: an INSERT ... ON CONFLICT checks the proposed row (a negative
  -- delta) against the CHECK constraints before it finds the conflict.
  UPDATE trade_pairs SET released_orders = released_orders + p_orders, gmv = gmv + p_gmv
   WHERE supplier_id = p_supplier AND buyer_id = p_buyer
  RETURNING released_orders INTO v_after;
  IF NOT FOUND THEN
    INSERT INTO trade_pairs AS t (supplier_id, buyer_id, released_orders, gmv)
    VALUES (p_supplier, p_buyer, p_orders, p_gmv)
    ON CONFLICT (supplier_id, buyer_id) DO UPDATE
      SET released_orders = t.released_orders + excluded.released_orders, gmv = t.gmv + excluded.gmv
    RETURNING released_orders INTO v_after;
  END IF;
  v_customers := CASE WHEN p_orders > 0 AND v_after = p_orders THEN 1
                      WHEN p_orders < 0 AND v_after = 0 THEN -1 ELSE 0 END;
  UPDATE supplier_trade SET customer_count = customer_count + v_customers, gmv = gmv + p_gmv
   WHERE supplier_id = p_supplier;
  IF NOT FOUND THEN
    INSERT INTO supplier_trade AS s (supplier_id, customer_count, gmv)
    VALUES (p_supplier, v_customers, p_gmv)
    ON CONFLICT (supplier_id) DO UPDATE
      SET customer_count = s.customer_count + excluded.customer_count, gmv = s.gmv + excluded.gmv;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION aduro_orders_trade() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old boolean := TG_OP <> 'INSERT' AND OLD.status IN ('RELEASED', 'SHIPPED', 'DELIVERED');
  v_new boolean := TG_OP <> 'DELETE' AND NEW.status IN ('RELEASED', 'SHIPPED', 'DELIVERED');
BEGIN
  IF v_old THEN
    PERFORM aduro_trade_apply(OLD.seller_org_id, OLD.buyer_org_id, -1, -OLD.total_cost);
  END IF;
  IF v_new THEN
    PERFORM aduro_trade_apply(NEW.seller_org_id, NEW.buyer_org_id, 1, NEW.total_cost);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_trade_insert AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.status IN ('RELEASED', 'SHIPPED', 'DELIVERED'))
  EXECUTE FUNCTION aduro_orders_trade();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_trade_update AFTER UPDATE OF status, total_cost, seller_org_id, buyer_org_id ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status IN ('RELEASED', 'SHIPPED', 'DELIVERED')) IS DISTINCT FROM (NEW.status IN ('RELEASED', 'SHIPPED', 'DELIVERED'))
        OR OLD.total_cost IS DISTINCT FROM NEW.total_cost
        OR OLD.seller_org_id IS DISTINCT FROM NEW.seller_org_id
        OR OLD.buyer_org_id IS DISTINCT FROM NEW.buyer_org_id)
  EXECUTE FUNCTION aduro_orders_trade();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_trade_delete AFTER DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IN ('RELEASED', 'SHIPPED', 'DELIVERED'))
  EXECUTE FUNCTION aduro_orders_trade();
--> statement-breakpoint
CREATE FUNCTION aduro_stock_position(p_supplier uuid, p_product uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the pair's row first, then read the lots in a new statement: under READ COMMITTED that statement
  -- sees whatever a transaction we waited for committed, so two writers of one pair cannot each keep a
  -- maximum computed before the other's change. Only offered pairs count: the directory's stocked lines
  -- are offers with units, and counting positions alone then needs no join with offers.
  INSERT INTO stock_positions (supplier_id, product_id, latest_expiry)
  VALUES (p_supplier, p_product, NULL) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM stock_positions WHERE supplier_id = p_supplier AND product_id = p_product FOR UPDATE;
  UPDATE stock_positions
     SET latest_expiry = (SELECT max(coalesce(l.expiry_date, 'infinity'::date))
                            FROM inventory_lots l
                           WHERE l.supplier_id = p_supplier AND l.product_id = p_product AND l.quantity > 0
                             AND EXISTS (SELECT 1 FROM offers f
                                          WHERE f.supplier_id = p_supplier AND f.product_id = p_product))
   WHERE supplier_id = p_supplier AND product_id = p_product;
END
$$;
--> statement-breakpoint
CREATE FUNCTION aduro_lots_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM aduro_stock_position(OLD.supplier_id, OLD.product_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.supplier_id <> OLD.supplier_id OR NEW.product_id <> OLD.product_id) THEN
    PERFORM aduro_stock_position(NEW.supplier_id, NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_lots_stock_insert AFTER INSERT ON inventory_lots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION aduro_lots_stock();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_lots_stock_update AFTER UPDATE OF quantity, expiry_date, supplier_id, product_id ON inventory_lots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.expiry_date IS DISTINCT FROM NEW.expiry_date
        OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION aduro_lots_stock();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_lots_stock_delete AFTER DELETE ON inventory_lots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION aduro_lots_stock();
--> statement-breakpoint
CREATE FUNCTION aduro_offers_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM aduro_stock_position(OLD.supplier_id, OLD.product_id);
  ELSE
    PERFORM aduro_stock_position(NEW.supplier_id, NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER offers_stock_insert AFTER INSERT ON offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION aduro_offers_stock();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER offers_stock_delete AFTER DELETE ON offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION aduro_offers_stock();
--> statement-breakpoint
-- The figures from what is there now, set-wise: for databases made before this migration, and for bulk
-- loads that ran with the triggers off (db/seed/scale.ts).
CREATE FUNCTION aduro_rebuild_trade_figures() RETURNS void LANGUAGE sql AS $$
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
   WHERE l.quantity > 0
   GROUP BY l.supplier_id, l.product_id;
$$;
--> statement-breakpoint
SELECT aduro_rebuild_trade_figures();
