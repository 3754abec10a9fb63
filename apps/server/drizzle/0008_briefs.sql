CREATE TYPE "public"."brief_status" AS ENUM('DRAFT', 'READY', 'ACKNOWLEDGED');--> statement-breakpoint
CREATE TYPE "public"."public_link_subject_type" AS ENUM('BRIEF', 'RECIPIENT', 'SUMMARY');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'BRIEF_NEED_MORE';--> statement-breakpoint
CREATE TABLE "brief_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sections" jsonb NOT NULL,
	"created_by_member_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brief_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brief_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"restored_from" integer,
	"author_member_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "briefs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"template_id" uuid,
	"meeting_at" timestamp (3) with time zone,
	"meeting_time_zone" text,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "brief_status" DEFAULT 'DRAFT' NOT NULL,
	"ready_at" timestamp (3) with time zone,
	"acknowledged_at" timestamp (3) with time zone,
	"acknowledged_by_member_id" uuid,
	"confidential" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"need_more_count" integer DEFAULT 0 NOT NULL,
	"need_more_at" timestamp (3) with time zone,
	"created_by_member_id" uuid,
	"updated_by_member_id" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_link_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"link_id" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip_prefix" text NOT NULL,
	"user_agent_family" text
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subject_type" "public_link_subject_type" NOT NULL,
	"subject_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"passcode_hash" text,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by_member_id" uuid,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp (3) with time zone,
	"created_by_member_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "public_links_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "brief_id" uuid;--> statement-breakpoint
ALTER TABLE "brief_templates" ADD CONSTRAINT "brief_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_templates" ADD CONSTRAINT "brief_templates_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_versions" ADD CONSTRAINT "brief_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_versions" ADD CONSTRAINT "brief_versions_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_versions" ADD CONSTRAINT "brief_versions_author_member_id_workspace_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_acknowledged_by_member_id_workspace_members_id_fk" FOREIGN KEY ("acknowledged_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_updated_by_member_id_workspace_members_id_fk" FOREIGN KEY ("updated_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_link_views" ADD CONSTRAINT "public_link_views_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_link_views" ADD CONSTRAINT "public_link_views_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_revoked_by_member_id_workspace_members_id_fk" FOREIGN KEY ("revoked_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_templates_workspace_name_idx" ON "brief_templates" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "brief_versions_brief_version_key" ON "brief_versions" USING btree ("workspace_id","brief_id","version");--> statement-breakpoint
CREATE INDEX "briefs_workspace_updated_idx" ON "briefs" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "briefs_workspace_meeting_idx" ON "briefs" USING btree ("workspace_id","meeting_at","id");--> statement-breakpoint
CREATE INDEX "briefs_workspace_status_updated_idx" ON "briefs" USING btree ("workspace_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "briefs_workspace_need_more_idx" ON "briefs" USING btree ("workspace_id","need_more_at") WHERE "briefs"."need_more_count" > 0;--> statement-breakpoint
CREATE INDEX "briefs_search_idx" ON "briefs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "public_link_views_workspace_link_at_idx" ON "public_link_views" USING btree ("workspace_id","link_id","at","id");--> statement-breakpoint
CREATE INDEX "public_link_views_at_idx" ON "public_link_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "public_links_workspace_subject_idx" ON "public_links" USING btree ("workspace_id","subject_type","subject_id","created_at");--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_brief_idx" ON "activity_items" USING btree ("brief_id");