-- Uploaded images leave the database (issue 8): with a data directory (or UPLOAD_DIR) their bytes are
-- files, <upload dir>/<user id>/<file id>, and the row keeps where (path, relative to the upload dir)
-- and what (sha256 of the bytes). Without one (DATABASE_URL alone, in-memory tests) the bytes stay in
-- `bytes`. Exactly one of the two is set. Rows stored as bytes before this migration are moved to
-- files when the server starts with an upload dir (server/src/files.ts, prepareUploadDir).

ALTER TABLE verification_uploads ALTER COLUMN bytes DROP NOT NULL;
ALTER TABLE verification_uploads ADD COLUMN path text;
ALTER TABLE verification_uploads ADD COLUMN sha256 text;
UPDATE verification_uploads SET sha256 = encode(sha256(bytes), 'hex');
ALTER TABLE verification_uploads ALTER COLUMN sha256 SET NOT NULL;
ALTER TABLE verification_uploads ADD CONSTRAINT verification_uploads_bytes_or_path CHECK ((bytes IS NULL) <> (path IS NULL));
