CREATE TABLE "web_pages" (
	"campus_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"photos" jsonb NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"published" boolean NOT NULL,
	"template_ids" integer[] NOT NULL,
	CONSTRAINT "web_pages_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "web_pages_company_idx" ON "web_pages" USING btree ("company_id");