CREATE TYPE "public"."answer_via" AS ENUM('LINK', 'SLACK', 'MEMBER');--> statement-breakpoint
CREATE TYPE "public"."chat_author_type" AS ENUM('MEMBER', 'CONTACT');--> statement-breakpoint
CREATE TYPE "public"."chat_via" AS ENUM('LINK', 'EMAIL', 'SLACK');--> statement-breakpoint
CREATE TYPE "public"."recipient_channel" AS ENUM('LINK', 'EMAIL', 'SLACK');--> statement-breakpoint
CREATE TYPE "public"."recipient_state" AS ENUM('PENDING', 'OPENED', 'PARTIAL', 'ANSWERED');--> statement-breakpoint
CREATE TYPE "public"."question_request_status" AS ENUM('DRAFT', 'SENT', 'CLOSED');--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"author_type" "chat_author_type" NOT NULL,
	"author_member_id" uuid,
	"body" text NOT NULL,
	"via" "chat_via" NOT NULL,
	"request_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"working_hours" jsonb NOT NULL,
	"slack_user_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_by_member_id" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce(translate("email", '@.', '  '), '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"via" "answer_via" NOT NULL,
	"entered_by_member_id" uuid,
	"submitted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" "recipient_channel" NOT NULL,
	"link_id" text NOT NULL,
	"state" "recipient_state" DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"first_answered_at" timestamp (3) with time zone,
	"last_answered_at" timestamp (3) with time zone,
	"submitted_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp (3) with time zone,
	"delivery_error" text,
	"sent_by_member_id" uuid
);
--> statement-breakpoint
CREATE TABLE "question_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"remind_after_days" integer,
	"confidential" boolean DEFAULT false NOT NULL,
	"channel" "recipient_channel" DEFAULT 'EMAIL' NOT NULL,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "question_request_status" DEFAULT 'DRAFT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"created_by_member_id" uuid,
	"updated_by_member_id" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_member_id_workspace_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_request_id_question_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."question_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_request_id_question_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."question_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_recipient_id_question_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."question_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_entered_by_member_id_workspace_members_id_fk" FOREIGN KEY ("entered_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_recipients" ADD CONSTRAINT "question_recipients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_recipients" ADD CONSTRAINT "question_recipients_request_id_question_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."question_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_recipients" ADD CONSTRAINT "question_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_recipients" ADD CONSTRAINT "question_recipients_sent_by_member_id_workspace_members_id_fk" FOREIGN KEY ("sent_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_requests" ADD CONSTRAINT "question_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_requests" ADD CONSTRAINT "question_requests_created_by_member_id_workspace_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_requests" ADD CONSTRAINT "question_requests_updated_by_member_id_workspace_members_id_fk" FOREIGN KEY ("updated_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_workspace_contact_idx" ON "chat_messages" USING btree ("workspace_id","contact_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_name_idx" ON "contacts" USING btree ("workspace_id","last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_workspace_email_key" ON "contacts" USING btree ("workspace_id","email") WHERE "contacts"."deleted_at" is null and "contacts"."email" is not null;--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_recipient_item_key" ON "question_answers" USING btree ("workspace_id","recipient_id","item_id");--> statement-breakpoint
CREATE INDEX "question_answers_workspace_request_idx" ON "question_answers" USING btree ("workspace_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_recipients_request_contact_key" ON "question_recipients" USING btree ("workspace_id","request_id","contact_id");--> statement-breakpoint
CREATE INDEX "question_recipients_workspace_contact_idx" ON "question_recipients" USING btree ("workspace_id","contact_id","sent_at");--> statement-breakpoint
CREATE INDEX "question_recipients_workspace_waiting_idx" ON "question_recipients" USING btree ("workspace_id","sent_at","id") WHERE "question_recipients"."state" <> 'ANSWERED';--> statement-breakpoint
CREATE INDEX "question_recipients_workspace_answered_idx" ON "question_recipients" USING btree ("workspace_id","last_answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_recipients_link_key" ON "question_recipients" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "question_requests_workspace_updated_idx" ON "question_requests" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "question_requests_workspace_status_updated_idx" ON "question_requests" USING btree ("workspace_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "question_requests_workspace_due_idx" ON "question_requests" USING btree ("workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "question_requests_workspace_title_idx" ON "question_requests" USING btree ("workspace_id","title","id");--> statement-breakpoint
CREATE INDEX "question_requests_search_idx" ON "question_requests" USING gin ("search");--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_request_id_question_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."question_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_request_idx" ON "activity_items" USING btree ("request_id");