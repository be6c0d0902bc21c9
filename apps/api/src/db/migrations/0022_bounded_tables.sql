ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_technical_created_idx" ON "events" USING btree ("created_at") WHERE type in ('notifications.added', 'cart.changed', 'account.sessions_ended');--> statement-breakpoint
CREATE INDEX "notifications_read_at_idx" ON "notifications" USING btree ("read_at") WHERE read_at is not null;