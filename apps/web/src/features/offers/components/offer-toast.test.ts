import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { offerErrorMessage, offerErrorText } from './offer-toast.ts';

const conflict = new ApiError({
  type: 'conflict',
  name: 'ConflictError',
  message: "An offer with the slug 'harbor' already exists",
  status: 409,
});

describe('offerErrorText (§8 offer failure)', () => {
  it("titles the server's error with its name, followed by its message", () => {
    expect(offerErrorText(conflict, 'Error creating offer')).toBe("ConflictError: An offer with the slug 'harbor' already exists");
    const refused = new ApiError({ type: 'bad-request', name: 'BadRequestError', message: 'Publishing needs approval', status: 400 });
    expect(offerErrorText(refused, 'Error updating offer')).toBe('BadRequestError: Publishing needs approval');
  });

  it('shows the fixed text for a thrown failure: network, unexpected answer, or not an API error at all', () => {
    const network = new ApiError({ type: 'unavailable', name: 'NetworkError', message: 'The server cannot be reached', status: 0 });
    const response = new ApiError({
      type: 'internal',
      name: 'ResponseError',
      message: 'The server sent an unexpected response',
      status: 200,
    });
    expect(offerErrorText(network, 'Error deleting offer')).toBe('Error deleting offer');
    expect(offerErrorText(response, 'Error updating offer')).toBe('Error updating offer');
    expect(offerErrorText(new Error('boom'), 'Error creating offer')).toBe('Error creating offer');
    expect(offerErrorText(undefined, 'Error creating offer')).toBe('Error creating offer');
  });

  it('keeps the message alone for text inside the page', () => {
    expect(offerErrorMessage(conflict, 'Error')).toBe("An offer with the slug 'harbor' already exists");
    expect(offerErrorMessage(new Error('boom'), 'Error loading documents')).toBe('Error loading documents');
  });
});
