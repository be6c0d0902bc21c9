CREATE TABLE "recall_repicks" (
	"recall_id" uuid NOT NULL,
	"drop_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"repicked_by_user_id" uuid,
	"repicked_by_name" text NOT NULL,
	"repicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_repicks_recall_id_drop_id_pk" PRIMARY KEY("recall_id","drop_id"),
	CONSTRAINT "recall_repicks_units_positive" CHECK ("recall_repicks"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "recall_repicks" ADD CONSTRAINT "recall_repicks_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_repicks" ADD CONSTRAINT "recall_repicks_drop_id_order_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."order_drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_repicks" ADD CONSTRAINT "recall_repicks_repicked_by_user_id_users_id_fk" FOREIGN KEY ("repicked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_repicks_drop_idx" ON "recall_repicks" USING btree ("drop_id");