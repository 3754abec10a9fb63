CREATE TYPE "public"."task_priority" AS ENUM('LOW', 'MEDIUM', 'HIGH', 'URGENT');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('TODO', 'IN_PROGRESS', 'WAITING', 'DONE');--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" "task_status" DEFAULT 'TODO' NOT NULL,
	"priority" "task_priority" DEFAULT 'MEDIUM' NOT NULL,
	"due_date" date,
	"assignee_member_id" uuid,
	"created_by_member_id" uuid,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("notes", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_member_id_workspace_members_id_fk" FOREIGN KEY ("assignee_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_workspace_due_idx" ON "tasks" USING btree ("workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_updated_idx" ON "tasks" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_priority_idx" ON "tasks" USING btree ("workspace_id","priority","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_status_due_idx" ON "tasks" USING btree ("workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_assignee_due_idx" ON "tasks" USING btree ("workspace_id","assignee_member_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_assignee_status_idx" ON "tasks" USING btree ("workspace_id","assignee_member_id","status");--> statement-breakpoint
CREATE INDEX "tasks_workspace_creator_idx" ON "tasks" USING btree ("workspace_id","created_by_member_id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_completed_idx" ON "tasks" USING btree ("workspace_id","completed_at");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search");