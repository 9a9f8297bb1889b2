CREATE TABLE "repair_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"covered" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "repair_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
-- The reason-for-request list as the repair desk starts it (decision 048): seeded here, so every database has it.
INSERT INTO "repair_reasons" ("id", "code", "name", "covered", "sort_order") VALUES
	(1, 'warranty', 'A defect in materials or workmanship (warranty)', true, 1),
	(2, 'wear-and-tear', 'Wear and tear', false, 2),
	(3, 'accidental-damage', 'Accidental damage (a tear, burn or snag)', false, 3),
	(4, 'alteration', 'An alteration or a custom fit', false, 4);
