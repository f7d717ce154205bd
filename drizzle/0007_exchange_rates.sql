CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"usd_per_unit" numeric(30, 12) NOT NULL,
	"fetched_at" timestamp with time zone,
	"source" text NOT NULL
);
--> statement-breakpoint
-- hand-written below
-- Reference fiat rates (US dollars per unit, November 2026): they order prices in different currencies until the
-- rates worker's first fetch replaces them; never shown as rates (fetched_at is null). docs/decisions/0024.
INSERT INTO "exchange_rates" ("currency", "usd_per_unit", "fetched_at", "source") VALUES
	('USD', 1, NULL, 'reference'),
	('EUR', 1.16, NULL, 'reference'),
	('GBP', 1.31, NULL, 'reference'),
	('AED', 0.272294, NULL, 'reference'),
	('INR', 0.0113, NULL, 'reference')
ON CONFLICT ("currency") DO NOTHING;
