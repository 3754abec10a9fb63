ALTER TYPE "public"."activity_kind" ADD VALUE 'MEMBER_INVITED';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'PLAN_CHANGED';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'TASK_CREATED';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'TASK_OVERDUE';--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_task_idx" ON "activity_items" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_dedupe_key" ON "activity_items" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'DONE';