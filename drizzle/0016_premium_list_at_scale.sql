-- Trigram indexes for the premium list's substring searches (PGlite loads the extension too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_tier" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_premium_order_idx" ON "users" USING btree ("subscription_end" DESC NULLS LAST,lower("username"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wallets_dag_address_trgm_idx" ON "wallets" USING gin ("dag_address" gin_trgm_ops);--> statement-breakpoint
-- users.subscription_*: the user's latest period (latest end), kept by the database itself so
-- every writer of subscriptions (purchases, tests, admin SQL) keeps the premium list right.
CREATE FUNCTION users_copy_latest_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET (subscription_tier, subscription_start, subscription_end) = (
    SELECT s.tier, s.start_date, s.end_date FROM subscriptions s
    WHERE s.x_user_id = u.x_user_id ORDER BY s.end_date DESC LIMIT 1)
  WHERE u.x_user_id IN (NEW.x_user_id, OLD.x_user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscriptions_copy_latest AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION users_copy_latest_subscription();--> statement-breakpoint
-- A user recorded after their subscription (no foreign key orders the two) picks it up.
CREATE FUNCTION users_take_latest_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.tier, s.start_date, s.end_date
    INTO NEW.subscription_tier, NEW.subscription_start, NEW.subscription_end
    FROM subscriptions s WHERE s.x_user_id = NEW.x_user_id ORDER BY s.end_date DESC LIMIT 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_take_latest BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_take_latest_subscription();--> statement-breakpoint
UPDATE users u SET (subscription_tier, subscription_start, subscription_end) = (
  SELECT s.tier, s.start_date, s.end_date FROM subscriptions s
  WHERE s.x_user_id = u.x_user_id ORDER BY s.end_date DESC LIMIT 1);--> statement-breakpoint
-- row_counts['users']: exact, kept per statement (a bulk insert adds its row count once).
INSERT INTO row_counts (name, n) SELECT 'users', count(*) FROM users;--> statement-breakpoint
CREATE FUNCTION row_counts_users_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n + (SELECT count(*) FROM added) WHERE name = 'users';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION row_counts_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n - (SELECT count(*) FROM removed) WHERE name = 'users';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION row_counts_users_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE name = 'users';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_count_added AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_users_added();--> statement-breakpoint
CREATE TRIGGER users_count_removed AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_users_removed();--> statement-breakpoint
CREATE TRIGGER users_count_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_users_truncated();