-- Unpaid mailed-check promises may hold only a share of a section's seats, and a promise not
-- honoured by its due date is released by the product (decision 138). The
-- share is a district setting (percent of each section's capacity, rounded down); 20 by default.
update settings set data = jsonb_build_object('mailedCheckSharePercent', 20) || data where id = 1;
