-- #25 several API nodes: a node verifying a built-in identity inquiry holds a lease on it (renewed while it works),
-- so no other node verifies it at the same time; an inquiry whose lease ran out without a verdict (its node stopped)
-- is taken up by any node's sweep. Adding a nullable column rewrites no rows.
ALTER TABLE "identity_inquiries" ADD COLUMN "verification_lease_until" timestamp with time zone;
