// The retrieval form's checks before sending (§5 window and 3 images) and the query it sends.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMILARITY } from '../../src/domain/retrievalThreshold.ts';
import { formProblem, initialValues, localValue, toQuery } from '../../src/screens/retrieval/retrievalForm.ts';

const now = new Date(2026, 10, 20, 12, 30, 0);

describe('retrieval form', () => {
  it('starts on the last 7 days with nothing chosen, and sends that window in the contract format', () => {
    const values = initialValues(now);
    expect(formProblem(values, now)).toBeNull();
    expect(toQuery(values, 1, 24)).toEqual({
      pageNo: 1,
      pageSize: 24,
      objType: 2,
      startTime: '2026-11-13 12:30:00',
      endTime: '2026-11-20 12:30:00',
      images: [],
      attributes: {},
    });
  });

  it('refuses an inverted window, an end in the future, more than 15 days and a fourth image', () => {
    const base = initialValues(now);
    expect(formProblem({ ...base, start: base.end, end: base.start }, now)).toBe('startAfterEnd');
    expect(formProblem({ ...base, end: localValue(new Date(now.getTime() + 3600_000)) }, now)).toBe('endInFuture');
    expect(formProblem({ ...base, start: localValue(new Date(now.getTime() - 16 * 86400_000)) }, now)).toBe('rangeTooLong');
    expect(formProblem({ ...base, start: '' }, now)).toBe('missingTime');
    expect(formProblem({ ...base, images: ['a', 'b', 'c'] }, now)).toBeNull();
    expect(formProblem({ ...base, images: ['a', 'b', 'c', 'd'] }, now)).toBe('tooManyImages');
  });

  it('sends the similarity threshold only with images, and refuses one outside 0..1 or not a number', () => {
    const base = { ...initialValues(now), images: ['a'] };
    expect(toQuery(base, 1, 24).similarity).toBe(DEFAULT_SIMILARITY);
    expect(toQuery({ ...base, similarity: '0.25' }, 1, 24).similarity).toBe(0.25);
    expect(toQuery({ ...base, images: [], similarity: '0.25' }, 1, 24).similarity).toBeUndefined();
    for (const bad of ['', '1.01', '-0.1', 'x']) expect(formProblem({ ...base, similarity: bad }, now)).toBe('badSimilarity');
    // Without images the threshold is not used, so it does not block an attribute search.
    expect(formProblem({ ...base, images: [], similarity: 'x' }, now)).toBeNull();
    expect(formProblem({ ...base, similarity: '1' }, now)).toBeNull();
  });

  it('sends one code as a number, several as a list, none not at all, and the plate only for vehicles', () => {
    const values = { ...initialValues(now), plateNo: ' B12 ', attributes: { vehicleColor: [4], trousersColor: [1, -1], angle: [] } };
    const query = toQuery(values, 2, 10);
    expect(query.attributes).toEqual({ vehicleColor: 4, trousersColor: [1, -1] });
    expect(query.plateNo).toBe('B12');
    expect(toQuery({ ...values, objType: 1 }, 1, 10).plateNo).toBeUndefined();
  });
});
