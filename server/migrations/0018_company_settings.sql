CREATE TABLE "company_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"truant_consumes" boolean NOT NULL,
	"leave_consumes" boolean NOT NULL,
	"allow_negative" boolean NOT NULL,
	"lead_pool_days" integer NOT NULL,
	"lead_own_limit" integer NOT NULL,
	"low_hours_threshold" integer NOT NULL,
	"expiry_reminder_days" integer NOT NULL,
	CONSTRAINT "company_settings_positive_check" CHECK ("company_settings"."lead_pool_days" > 0 and "company_settings"."lead_own_limit" > 0 and "company_settings"."low_hours_threshold" >= 0 and "company_settings"."expiry_reminder_days" >= 0)
);
