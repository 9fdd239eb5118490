CREATE TABLE "ended_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"satoken" text NOT NULL,
	"role_id" integer NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"satoken" text NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"mobile" text NOT NULL,
	"scene" text NOT NULL,
	"code" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_codes_mobile_scene_pk" PRIMARY KEY("mobile","scene")
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"mobile" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ended_sessions_at_idx" ON "ended_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_role_idx" ON "sessions" USING btree ("role_id");