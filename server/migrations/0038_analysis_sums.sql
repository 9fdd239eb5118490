CREATE TABLE "card_sums" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sold" numeric(14, 2) NOT NULL,
	"recognised" numeric(14, 2) NOT NULL,
	"corrections" numeric(14, 2) NOT NULL,
	"refunded" numeric(14, 2) NOT NULL,
	"last_record_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_day_sums" (
	"company_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"day" date NOT NULL,
	"lesson_id" integer NOT NULL,
	"consumed" numeric(14, 1) NOT NULL,
	"recognised" numeric(14, 2) NOT NULL,
	"refunds" numeric(14, 2) NOT NULL,
	"cash" numeric(14, 2) NOT NULL,
	CONSTRAINT "ledger_day_sums_company_id_day_campus_id_lesson_id_pk" PRIMARY KEY("company_id","day","campus_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "card_sums" ADD CONSTRAINT "card_sums_card_id_student_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."student_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sums" ADD CONSTRAINT "card_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_day_sums" ADD CONSTRAINT "ledger_day_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_orders_student_idx" ON "card_orders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "hour_records_student_idx" ON "hour_records" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "hour_records_emptying_idx" ON "hour_records" USING btree ("company_id","created_at") WHERE "hour_records"."hours" < 0 and "hour_records"."balance_after" <= 0;
--> statement-breakpoint
-- The analysis figures' day sums and the cards' money sums (server/db/schema/cards.ts: ledger_day_sums, card_sums), kept
-- by the statements that write the records, orders and students they sum. A day is the timestamp's date in the
-- session's time zone: the server sets it to its own on every connection (server/db/index.ts).
-- Hour records appended: their day sums and their cards' sums.
CREATE FUNCTION ledger_sums_records_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT r.company_id, s.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM inserted r JOIN students s ON s.id = r.student_id WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') UNION ALL SELECT r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM inserted r JOIN students s ON s.id = r.student_id WHERE r.type = 'back') x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
  INSERT INTO card_sums (card_id, company_id, sold, recognised, corrections, refunded, last_record_at) SELECT card_id, company_id, sum(sold), sum(recognised), sum(corrections), sum(refunded), max(at) FROM (SELECT r.card_id, r.company_id, 0::numeric AS sold, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount ELSE 0 END AS recognised, CASE WHEN r.type = 'proof' THEN r.amount ELSE 0 END AS corrections, CASE WHEN r.type = 'back' THEN -r.amount ELSE 0 END AS refunded, r.created_at AS at FROM inserted r) x GROUP BY 1, 2 ON CONFLICT (card_id) DO UPDATE SET sold = card_sums.sold + excluded.sold, recognised = card_sums.recognised + excluded.recognised, corrections = card_sums.corrections + excluded.corrections, refunded = card_sums.refunded + excluded.refunded, last_record_at = greatest(card_sums.last_record_at, excluded.last_record_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A record changed (a return reviewed): what it sums now, less what it summed.
CREATE FUNCTION ledger_sums_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT r.company_id, s.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM new_rows r JOIN students s ON s.id = r.student_id WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') UNION ALL SELECT r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM new_rows r JOIN students s ON s.id = r.student_id WHERE r.type = 'back' UNION ALL SELECT company_id, campus_id, day, lesson_id, -consumed, -recognised, -refunds, -cash FROM (SELECT r.company_id, s.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM old_rows r JOIN students s ON s.id = r.student_id WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') UNION ALL SELECT r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM old_rows r JOIN students s ON s.id = r.student_id WHERE r.type = 'back') n) x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
  INSERT INTO card_sums (card_id, company_id, sold, recognised, corrections, refunded, last_record_at) SELECT card_id, company_id, sum(sold), sum(recognised), sum(corrections), sum(refunded), max(at) FROM (SELECT r.card_id, r.company_id, 0::numeric AS sold, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount ELSE 0 END AS recognised, CASE WHEN r.type = 'proof' THEN r.amount ELSE 0 END AS corrections, CASE WHEN r.type = 'back' THEN -r.amount ELSE 0 END AS refunded, r.created_at AS at FROM new_rows r UNION ALL SELECT card_id, company_id, -sold, -recognised, -corrections, -refunded, at FROM (SELECT r.card_id, r.company_id, 0::numeric AS sold, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount ELSE 0 END AS recognised, CASE WHEN r.type = 'proof' THEN r.amount ELSE 0 END AS corrections, CASE WHEN r.type = 'back' THEN -r.amount ELSE 0 END AS refunded, r.created_at AS at FROM old_rows r) n) x GROUP BY 1, 2 ON CONFLICT (card_id) DO UPDATE SET sold = card_sums.sold + excluded.sold, recognised = card_sums.recognised + excluded.recognised, corrections = card_sums.corrections + excluded.corrections, refunded = card_sums.refunded + excluded.refunded, last_record_at = greatest(card_sums.last_record_at, excluded.last_record_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Records removed (only with their card, student or company).
CREATE FUNCTION ledger_sums_records_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_day_sums d SET consumed = d.consumed - x.consumed, recognised = d.recognised - x.recognised, refunds = d.refunds - x.refunds, cash = d.cash - x.cash FROM (SELECT company_id, campus_id, day, lesson_id, sum(consumed) AS consumed, sum(recognised) AS recognised, sum(refunds) AS refunds, sum(cash) AS cash FROM (SELECT r.company_id, s.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM deleted r JOIN students s ON s.id = r.student_id WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') UNION ALL SELECT r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM deleted r JOIN students s ON s.id = r.student_id WHERE r.type = 'back') y GROUP BY 1, 2, 3, 4) x WHERE d.company_id = x.company_id AND d.day = x.day AND d.campus_id = x.campus_id AND d.lesson_id = x.lesson_id;
  UPDATE card_sums c SET sold = c.sold - x.sold, recognised = c.recognised - x.recognised, corrections = c.corrections - x.corrections, refunded = c.refunded - x.refunded FROM (SELECT card_id, sum(sold) AS sold, sum(recognised) AS recognised, sum(corrections) AS corrections, sum(refunded) AS refunded FROM (SELECT r.card_id, r.company_id, 0::numeric AS sold, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount ELSE 0 END AS recognised, CASE WHEN r.type = 'proof' THEN r.amount ELSE 0 END AS corrections, CASE WHEN r.type = 'back' THEN -r.amount ELSE 0 END AS refunded, r.created_at AS at FROM deleted r) y GROUP BY 1) x WHERE c.card_id = x.card_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Card orders made.
CREATE FUNCTION ledger_sums_orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT o.company_id, s.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM inserted o JOIN students s ON s.id = o.student_id) x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
  INSERT INTO card_sums (card_id, company_id, sold, recognised, corrections, refunded, last_record_at) SELECT card_id, company_id, sum(sold), sum(recognised), sum(corrections), sum(refunded), max(at) FROM (SELECT o.card_id, o.company_id, o.amount AS sold, 0::numeric AS recognised, 0::numeric AS corrections, 0::numeric AS refunded, NULL::timestamptz AS at FROM inserted o) x GROUP BY 1, 2 ON CONFLICT (card_id) DO UPDATE SET sold = card_sums.sold + excluded.sold, recognised = card_sums.recognised + excluded.recognised, corrections = card_sums.corrections + excluded.corrections, refunded = card_sums.refunded + excluded.refunded, last_record_at = greatest(card_sums.last_record_at, excluded.last_record_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Card orders written again.
CREATE FUNCTION ledger_sums_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT o.company_id, s.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM new_rows o JOIN students s ON s.id = o.student_id UNION ALL SELECT company_id, campus_id, day, lesson_id, -consumed, -recognised, -refunds, -cash FROM (SELECT o.company_id, s.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM old_rows o JOIN students s ON s.id = o.student_id) n) x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
  INSERT INTO card_sums (card_id, company_id, sold, recognised, corrections, refunded, last_record_at) SELECT card_id, company_id, sum(sold), sum(recognised), sum(corrections), sum(refunded), max(at) FROM (SELECT o.card_id, o.company_id, o.amount AS sold, 0::numeric AS recognised, 0::numeric AS corrections, 0::numeric AS refunded, NULL::timestamptz AS at FROM new_rows o UNION ALL SELECT card_id, company_id, -sold, -recognised, -corrections, -refunded, at FROM (SELECT o.card_id, o.company_id, o.amount AS sold, 0::numeric AS recognised, 0::numeric AS corrections, 0::numeric AS refunded, NULL::timestamptz AS at FROM old_rows o) n) x GROUP BY 1, 2 ON CONFLICT (card_id) DO UPDATE SET sold = card_sums.sold + excluded.sold, recognised = card_sums.recognised + excluded.recognised, corrections = card_sums.corrections + excluded.corrections, refunded = card_sums.refunded + excluded.refunded, last_record_at = greatest(card_sums.last_record_at, excluded.last_record_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Card orders removed (only with their card, student or company).
CREATE FUNCTION ledger_sums_orders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_day_sums d SET consumed = d.consumed - x.consumed, recognised = d.recognised - x.recognised, refunds = d.refunds - x.refunds, cash = d.cash - x.cash FROM (SELECT company_id, campus_id, day, lesson_id, sum(consumed) AS consumed, sum(recognised) AS recognised, sum(refunds) AS refunds, sum(cash) AS cash FROM (SELECT o.company_id, s.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM deleted o JOIN students s ON s.id = o.student_id) y GROUP BY 1, 2, 3, 4) x WHERE d.company_id = x.company_id AND d.day = x.day AND d.campus_id = x.campus_id AND d.lesson_id = x.lesson_id;
  UPDATE card_sums c SET sold = c.sold - x.sold, recognised = c.recognised - x.recognised, corrections = c.corrections - x.corrections, refunded = c.refunded - x.refunded FROM (SELECT card_id, sum(sold) AS sold, sum(recognised) AS recognised, sum(corrections) AS corrections, sum(refunded) AS refunded FROM (SELECT o.card_id, o.company_id, o.amount AS sold, 0::numeric AS recognised, 0::numeric AS corrections, 0::numeric AS refunded, NULL::timestamptz AS at FROM deleted o) y GROUP BY 1) x WHERE c.card_id = x.card_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A student who moves campus takes their day sums with them.
CREATE FUNCTION ledger_sums_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_day_sums d SET consumed = d.consumed - x.consumed, recognised = d.recognised - x.recognised, refunds = d.refunds - x.refunds, cash = d.cash - x.cash FROM (SELECT company_id, campus_id, day, lesson_id, sum(consumed) AS consumed, sum(recognised) AS recognised, sum(refunds) AS refunds, sum(cash) AS cash FROM (SELECT r.company_id, OLD.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM hour_records r WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') AND r.student_id = OLD.id UNION ALL SELECT r.company_id, OLD.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM hour_records r WHERE r.type = 'back' AND r.student_id = OLD.id UNION ALL SELECT o.company_id, OLD.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM card_orders o WHERE o.student_id = OLD.id) y GROUP BY 1, 2, 3, 4) x WHERE d.company_id = x.company_id AND d.day = x.day AND d.campus_id = x.campus_id AND d.lesson_id = x.lesson_id;
  INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT r.company_id, NEW.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM hour_records r WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') AND r.student_id = NEW.id UNION ALL SELECT r.company_id, NEW.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM hour_records r WHERE r.type = 'back' AND r.student_id = NEW.id UNION ALL SELECT o.company_id, NEW.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM card_orders o WHERE o.student_id = NEW.id) x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A student removed: their day sums go before their records and orders do.
CREATE FUNCTION ledger_sums_student_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_day_sums d SET consumed = d.consumed - x.consumed, recognised = d.recognised - x.recognised, refunds = d.refunds - x.refunds, cash = d.cash - x.cash FROM (SELECT company_id, campus_id, day, lesson_id, sum(consumed) AS consumed, sum(recognised) AS recognised, sum(refunds) AS refunds, sum(cash) AS cash FROM (SELECT r.company_id, OLD.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM hour_records r WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') AND r.student_id = OLD.id UNION ALL SELECT r.company_id, OLD.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM hour_records r WHERE r.type = 'back' AND r.student_id = OLD.id UNION ALL SELECT o.company_id, OLD.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM card_orders o WHERE o.student_id = OLD.id) y GROUP BY 1, 2, 3, 4) x WHERE d.company_id = x.company_id AND d.day = x.day AND d.campus_id = x.campus_id AND d.lesson_id = x.lesson_id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_sums_records_added AFTER INSERT ON "hour_records" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_records_added();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_records_changed AFTER UPDATE ON "hour_records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_records_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_records_removed AFTER DELETE ON "hour_records" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_records_removed();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_orders_added AFTER INSERT ON "card_orders" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_orders_added();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_orders_changed AFTER UPDATE ON "card_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_orders_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_orders_removed AFTER DELETE ON "card_orders" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION ledger_sums_orders_removed();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_student_moved AFTER UPDATE OF campus_id ON "students"  FOR EACH ROW WHEN (OLD.campus_id IS DISTINCT FROM NEW.campus_id) EXECUTE FUNCTION ledger_sums_student_moved();
--> statement-breakpoint
CREATE TRIGGER ledger_sums_student_removed BEFORE DELETE ON "students"  FOR EACH ROW EXECUTE FUNCTION ledger_sums_student_removed();
--> statement-breakpoint
INSERT INTO ledger_day_sums (company_id, campus_id, day, lesson_id, consumed, recognised, refunds, cash) SELECT company_id, campus_id, day, lesson_id, sum(consumed), sum(recognised), sum(refunds), sum(cash) FROM (SELECT r.company_id, s.campus_id AS campus_id, r.created_at::date AS day, coalesce(r.lesson_id, 0) AS lesson_id, -r.hours AS consumed, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount WHEN r.type = 'proof' THEN -r.amount ELSE 0 END AS recognised, 0::numeric AS refunds, 0::numeric AS cash FROM hour_records r JOIN students s ON s.id = r.student_id WHERE r.type IN ('reduce', 'truant', 'leave', 'diy', 'proof') UNION ALL SELECT r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 FROM hour_records r JOIN students s ON s.id = r.student_id WHERE r.type = 'back' UNION ALL SELECT o.company_id, s.campus_id AS campus_id, o.created_at::date AS day, 0 AS lesson_id, 0::numeric AS consumed, 0::numeric AS recognised, 0::numeric AS refunds, o.amount AS cash FROM card_orders o JOIN students s ON s.id = o.student_id) x GROUP BY 1, 2, 3, 4 ON CONFLICT (company_id, day, campus_id, lesson_id) DO UPDATE SET consumed = ledger_day_sums.consumed + excluded.consumed, recognised = ledger_day_sums.recognised + excluded.recognised, refunds = ledger_day_sums.refunds + excluded.refunds, cash = ledger_day_sums.cash + excluded.cash;
--> statement-breakpoint
INSERT INTO card_sums (card_id, company_id, sold, recognised, corrections, refunded, last_record_at) SELECT card_id, company_id, sum(sold), sum(recognised), sum(corrections), sum(refunded), max(at) FROM (SELECT r.card_id, r.company_id, 0::numeric AS sold, CASE WHEN r.type IN ('reduce', 'truant', 'leave', 'diy') AND r.amount < 0 THEN -r.amount ELSE 0 END AS recognised, CASE WHEN r.type = 'proof' THEN r.amount ELSE 0 END AS corrections, CASE WHEN r.type = 'back' THEN -r.amount ELSE 0 END AS refunded, r.created_at AS at FROM hour_records r UNION ALL SELECT o.card_id, o.company_id, o.amount AS sold, 0::numeric AS recognised, 0::numeric AS corrections, 0::numeric AS refunded, NULL::timestamptz AS at FROM card_orders o) x GROUP BY 1, 2 ON CONFLICT (card_id) DO UPDATE SET sold = card_sums.sold + excluded.sold, recognised = card_sums.recognised + excluded.recognised, corrections = card_sums.corrections + excluded.corrections, refunded = card_sums.refunded + excluded.refunded, last_record_at = greatest(card_sums.last_record_at, excluded.last_record_at);
