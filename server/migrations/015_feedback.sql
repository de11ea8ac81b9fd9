-- Borrowers' feedback from POST /opinion-record/v1/save (spec §7; server/README.md 'Feedback').
-- The content follows the app's rule (machines/shared/feedback.ts): 1 to 300 characters of letters,
-- digits, _ ? ! , . and space, trimmed. Times come from the sandbox clock, never now().

CREATE TABLE feedback (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id),
  content     text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 300),
  created_at  timestamptz NOT NULL
);
CREATE INDEX feedback_time_idx ON feedback (created_at DESC, id DESC);
