-- The service name, like the description, in every site language (the seed fills them in).
ALTER TABLE "offers" ALTER COLUMN "service_name" SET DATA TYPE jsonb USING jsonb_build_object('en', "service_name", 'de', "service_name", 'ru', "service_name");
