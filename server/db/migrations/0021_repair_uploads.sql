CREATE TABLE "repair_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Photos are compressed already (decision 084): kept out of line without another round of compression.
ALTER TABLE "repair_uploads" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
