CREATE TABLE "institution_logos" (
	"institution_id" text PRIMARY KEY NOT NULL,
	"png" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institution_logos" ADD CONSTRAINT "institution_logos_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;