import type { OperationOutcome, ServiceError } from '../types/schemas';

/**
 * Error answers of the reference server. The specification shows no error status or body (§7), so
 * these are its own choice, each with a schema under schemas/service or schemas/fhir.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function serviceErrorBody(error: RequestError): ServiceError {
  return { error: error.code, message: error.message };
}

export function operationOutcomeBody(error: RequestError): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: error.code, diagnostics: error.message }] };
}
