-- Rows of a company deleted before these keys (the delete left them): gone, as the keys would have taken them.
-- Pay slips and form submissions first (their keys to salary lines and forms do not cascade).
DELETE FROM "pay_slips" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "gather_submissions" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "exams" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "homework" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "scores" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "submissions" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "message_templates" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "inbox" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "notice_receivers" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "notices" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "notify_rules" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "outbox" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "reminder_sweeps" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "invitations" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "contract_templates" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "web_pages" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "salary_lines" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "salary_plans" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "journal_entries" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "permission_groups" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "staff_groups" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "follow_ups" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "gather_forms" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "merchants" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "web_signups" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "sale_caps" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "campus_renewals" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "month_close_figures" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "month_closes" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
DELETE FROM "month_reopens" WHERE "company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox" ADD CONSTRAINT "inbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_receivers" ADD CONSTRAINT "notice_receivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_rules" ADD CONSTRAINT "notify_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sweeps" ADD CONSTRAINT "reminder_sweeps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_pages" ADD CONSTRAINT "web_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD CONSTRAINT "pay_slips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_plans" ADD CONSTRAINT "salary_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_groups" ADD CONSTRAINT "staff_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gather_forms" ADD CONSTRAINT "gather_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gather_submissions" ADD CONSTRAINT "gather_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_signups" ADD CONSTRAINT "web_signups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_caps" ADD CONSTRAINT "sale_caps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_renewals" ADD CONSTRAINT "campus_renewals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_close_figures" ADD CONSTRAINT "month_close_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_reopens" ADD CONSTRAINT "month_reopens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_company_idx" ON "inbox" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "gather_submissions_company_form_idx" ON "gather_submissions" USING btree ("company_id","form_id");