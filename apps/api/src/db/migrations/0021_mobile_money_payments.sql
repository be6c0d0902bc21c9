CREATE TYPE "public"."payment_attempt_status" AS ENUM('pending', 'pay_offline', 'send_otp', 'success', 'failed', 'abandoned', 'flagged');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"initiated_by_user_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"provider_code" text NOT NULL,
	"provider_name" text NOT NULL,
	"phone_last4" text NOT NULL,
	"status" "payment_attempt_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"paystack_transaction_id" text,
	"payment_id" uuid,
	"applied" numeric(14, 2),
	"held_as_credit" numeric(14, 2),
	"outstanding_after" numeric(14, 2),
	"checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_attempts_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0),
	CONSTRAINT "payment_attempts_reference_chars" CHECK ("payment_attempts"."reference" ~ '^[A-Za-z0-9.=-]{1,100}$'),
	CONSTRAINT "payment_attempts_phone_last4" CHECK ("payment_attempts"."phone_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_attempts_settled_split" CHECK (("payment_attempts"."status" = 'success') = ("payment_attempts"."settled_at" is not null)
          and ("payment_attempts"."status" <> 'success' or ("payment_attempts"."applied" is not null and "payment_attempts"."held_as_credit" is not null
               and "payment_attempts"."outstanding_after" is not null and "payment_attempts"."applied" >= 0 and "payment_attempts"."held_as_credit" >= 0
               and "payment_attempts"."applied" + "payment_attempts"."held_as_credit" = "payment_attempts"."amount"
               and ("payment_attempts"."applied" = 0) = ("payment_attempts"."payment_id" is null)))
          and ("payment_attempts"."status" = 'success' or ("payment_attempts"."applied" is null and "payment_attempts"."payment_id" is null)))
);
--> statement-breakpoint
CREATE TABLE "paystack_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"event" text NOT NULL,
	"reference" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_initiated_by_user_id_users_id_fk" FOREIGN KEY ("initiated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_invoice_idx" ON "payment_attempts" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" in ('pending', 'pay_offline', 'send_otp');--> statement-breakpoint
CREATE INDEX "paystack_events_reference_idx" ON "paystack_events" USING btree ("reference");