CREATE TABLE "checkout_sessions" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"email" text,
	"accepts_email_marketing" boolean DEFAULT false NOT NULL,
	"shipping" jsonb,
	"shipping_method" text,
	"autoship_terms_acknowledged" boolean DEFAULT false NOT NULL,
	"initiated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;