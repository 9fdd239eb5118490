CREATE TABLE "sale_caps" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"max_hours" integer NOT NULL,
	"max_months" integer NOT NULL,
	CONSTRAINT "sale_caps_positive_check" CHECK ("sale_caps"."max_hours" >= 1 and "sale_caps"."max_months" >= 1)
);
