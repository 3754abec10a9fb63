-- Issue #8: "Match system" ('system') becomes a theme preference and the default. A value added
-- with ALTER TYPE … ADD VALUE cannot be used in the transaction that adds it (the migrator runs
-- every pending migration in one), so the enum is rebuilt under its old name instead.
-- 'brand' was the default until now and nobody could tell a chosen 'brand' from an unchosen one:
-- those people match the system from now on.
ALTER TYPE "public"."theme_name" RENAME TO "theme_name_old";--> statement-breakpoint
CREATE TYPE "public"."theme_name" AS ENUM('system', 'brand', 'blue', 'aqua', 'purple', 'green', 'cyan', 'orange', 'blue-dark', 'aqua-dark', 'purple-dark', 'green-dark', 'cyan-dark', 'orange-dark', 'dark-blue');--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "theme_preference" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "theme_preference" SET DATA TYPE "public"."theme_name" USING (CASE WHEN "theme_preference" = 'brand' THEN 'system' ELSE "theme_preference"::text END)::"public"."theme_name";--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "theme_preference" SET DEFAULT 'system';--> statement-breakpoint
DROP TYPE "public"."theme_name_old";
