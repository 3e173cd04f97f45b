/** What the audit log records: every change of state an account's members or keys make. */
export const auditActions = [
  "decision.recorded", "decision.approved", "decision.rejected", "check.reverified", "batch.submitted",
  "case.assigned", "case.escalated", "case.closed", "case.commented",
  "monitor.created", "monitor.removed", "webhook.created", "webhook.removed", "webhook.tested",
  "key.created", "key.rotated", "key.revoked", "lists.changed",
  "member.logged_in", "member.login_failed", "member.second_factor_failed", "member.logged_out", "check.verified",
  "member.invited", "invitation.withdrawn", "member.joined", "member.role_changed", "member.removed",
  "member.password_changed", "member.second_factor_on", "member.second_factor_off", "member.recovery_code_used", "account.policy_changed", "account.review_policy_changed", "account.service_level_changed", "account.deleted",
  "access.refused",
  "decision.withdrawn",
  "member.renamed",
  // an evidence read: a case file given out (API, console, MCP), with its SHA-256
  "case.file_downloaded"
] as const
export type AuditAction = typeof auditActions[number]
