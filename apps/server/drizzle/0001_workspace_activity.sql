CREATE TYPE "public"."activity_kind" AS ENUM('ANSWER_RECEIVED', 'BRIEF_READY', 'BRIEF_ACKNOWLEDGED', 'TASK_ASSIGNED', 'TASK_DONE', 'MEMBER_JOINED', 'MEMBER_ROLE_CHANGED', 'CHAT_REPLY', 'SUMMARY_PUBLISHED');--> statement-breakpoint
CREATE TABLE "activity_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "activity_kind" NOT NULL,
	"actor_member_id" uuid,
	"contact_id" uuid,
	"audience_member_id" uuid,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "activity_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_actor_member_id_workspace_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_audience_member_id_workspace_members_id_fk" FOREIGN KEY ("audience_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_workspace_created_idx" ON "activity_items" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_executive_key" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."workspace_member_type" = 'EXECUTIVE';--> statement-breakpoint
ALTER TABLE "workspace_members" DROP COLUMN "has_new_activity_items";
