ALTER TABLE "repair_files" ADD COLUMN "damage_id" integer;--> statement-breakpoint
ALTER TABLE "repair_files" ADD CONSTRAINT "repair_files_damage_id_repair_damages_id_fk" FOREIGN KEY ("damage_id") REFERENCES "public"."repair_damages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_files_storage_key" ON "repair_files" USING btree ("storage_key");