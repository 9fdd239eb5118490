CREATE TABLE "ledger_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"records" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_counts" ADD CONSTRAINT "ledger_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The count of each company's hour records, kept by the ledger's own statements (one change per statement and company).
CREATE FUNCTION ledger_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_counts (company_id, records)
    SELECT company_id, count(*)::int FROM inserted GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET records = ledger_counts.records + excluded.records;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_counts c SET records = c.records - d.n
    FROM (SELECT company_id, count(*)::int AS n FROM deleted GROUP BY company_id) d
    WHERE c.company_id = d.company_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_counts_add AFTER INSERT ON "hour_records" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_counts_add();
--> statement-breakpoint
CREATE TRIGGER ledger_counts_remove AFTER DELETE ON "hour_records" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION ledger_counts_remove();
--> statement-breakpoint
INSERT INTO ledger_counts (company_id, records) SELECT company_id, count(*)::int FROM hour_records GROUP BY company_id;
