// The Audit Log's URL is the domain's (src/domain/list-searches.ts), which views/save checks too.
export { auditSearchSchema, type AuditSearch } from '#src/domain/list-searches.ts';
