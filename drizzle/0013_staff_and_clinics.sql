CREATE TABLE "staff_profiles" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"role_code" text NOT NULL,
	"graduation_year" integer,
	"current_school_name" text,
	"account_group" text,
	"preferred_ship_to" text,
	"store_sold_to" text,
	"program_terms_accepted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_membership_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"state" text NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_number" text NOT NULL,
	"group_id" text NOT NULL,
	"kind" text DEFAULT 'clinic' NOT NULL,
	"name" text NOT NULL,
	"sold_to" text NOT NULL,
	"ship_to" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"province_code" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"home_delivery_only" boolean DEFAULT false NOT NULL,
	"verification" text DEFAULT 'open' NOT NULL,
	"administrator_email" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_email_uq";--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_membership_events" ADD CONSTRAINT "clinic_membership_events_membership_id_clinic_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."clinic_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_memberships" ADD CONSTRAINT "clinic_memberships_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_membership_events_membership_idx" ON "clinic_membership_events" USING btree ("membership_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_memberships_current_uq" ON "clinic_memberships" USING btree ("customer_id") WHERE "clinic_memberships"."state" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "clinic_memberships_customer_idx" ON "clinic_memberships" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "clinic_memberships_clinic_idx" ON "clinic_memberships" USING btree ("clinic_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_number_uq" ON "clinics" USING btree ("clinic_number");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_group_uq" ON "clinics" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_ship_to_uq" ON "clinics" USING btree ("ship_to");--> statement-breakpoint
CREATE INDEX "clinics_zip_idx" ON "clinics" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "clinics_city_idx" ON "clinics" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "clinics_name_trgm_idx" ON "clinics" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_site_email_uq" ON "customers" USING btree ("site","email");