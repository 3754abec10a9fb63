CREATE TYPE "public"."ai_generation_kind" AS ENUM('QUESTIONS', 'SUMMARY', 'BRIEF_DRAFT');--> statement-breakpoint
CREATE TYPE "public"."summary_status" AS ENUM('DRAFT', 'PUBLISHED');--> statement-breakpoint
CREATE TABLE "ai_generations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "ai_generation_kind" NOT NULL,
	"provider" text DEFAULT 'BUILT_IN' NOT NULL,
	"member_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summaries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"scope" jsonb NOT NULL,
	"status" "summary_status" DEFAULT 'DRAFT' NOT NULL,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_question" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"action_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_confidential" integer DEFAULT 0 NOT NULL,
	"provider" jsonb NOT NULL,
	"generated_at" timestamp (3) with time zone NOT NULL,
	"public_link_id" text,
	"published" jsonb,
	"published_at" timestamp (3) with time zone,
	"published_version" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_member_id" uuid,
	"updated_by_member_id" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "summary_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_public_link_id_public_links_id_fk" FOREIGN KEY ("public_link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_updated_by_member_id_workspace_members_id_fk" FOREIGN KEY ("updated_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_workspace_created_idx" ON "ai_generations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "summaries_workspace_updated_idx" ON "summaries" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "summaries_workspace_status_updated_idx" ON "summaries" USING btree ("workspace_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "summaries_search_idx" ON "summaries" USING gin ("search");--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_summary_id_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_summary_idx" ON "activity_items" USING btree ("summary_id");