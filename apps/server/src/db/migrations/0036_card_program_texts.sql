ALTER TABLE "merchants" ADD COLUMN "card_programs" jsonb DEFAULT '{}'::jsonb NOT NULL;
