CREATE TYPE "public"."slack_message_kind" AS ENUM('REQUEST', 'QUESTION', 'REMINDER', 'FOLLOW_UP', 'REPLY');--> statement-breakpoint
CREATE TABLE "slack_connections" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"team_name" text NOT NULL,
	"bot_user_id" text NOT NULL,
	"bot_token" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"installed_by_member_id" uuid,
	"installed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp (3) with time zone,
	"disconnected_reason" text
);
--> statement-breakpoint
CREATE TABLE "slack_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"recipient_id" uuid,
	"item_id" uuid,
	"kind" "slack_message_kind" NOT NULL,
	"channel_id" text NOT NULL,
	"ts" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_oauth_states" (
	"state_id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"used_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "slack_user_name" text;--> statement-breakpoint
ALTER TABLE "question_recipients" ADD COLUMN "slack_channel_id" text;--> statement-breakpoint
ALTER TABLE "question_requests" ADD COLUMN "recipient_channels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "slack_connections" ADD CONSTRAINT "slack_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_connections" ADD CONSTRAINT "slack_connections_installed_by_member_id_workspace_members_id_fk" FOREIGN KEY ("installed_by_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_recipient_id_question_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."question_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_oauth_states" ADD CONSTRAINT "slack_oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_connections_team_idx" ON "slack_connections" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "slack_events_received_idx" ON "slack_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slack_messages_channel_ts_key" ON "slack_messages" USING btree ("workspace_id","channel_id","ts");--> statement-breakpoint
CREATE INDEX "slack_messages_workspace_recipient_idx" ON "slack_messages" USING btree ("workspace_id","recipient_id");