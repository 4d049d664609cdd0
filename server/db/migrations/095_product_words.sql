-- Issue 37: the product's own words follow the user's language; what an administrator or operator typed stays as
-- typed. Sites created before get the same from here (a new site: this runs before its seed, which writes the
-- English of what it seeds itself).

-- The system name the seed used to store was the product's own: cleared, the console shows the product's name in
-- each user's language. A name an administrator set stays.
UPDATE system_config SET value = '', updated_at = now() WHERE key = 'systemName' AND value = 'Argus 视频智能分析平台';
