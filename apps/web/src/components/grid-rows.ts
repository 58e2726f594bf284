export type RowIdGetter<R> = (row: R) => string | number | null | undefined;

interface DroppedRow<R> {
  row: R;
  reason: 'empty id' | 'duplicate id';
}

/** §5: rows with an empty or repeated id are dropped (the grid cannot key them) and reported. */
export function uniqueRows<R>(rows: readonly R[], getRowId: RowIdGetter<R>): { rows: R[]; dropped: DroppedRow<R>[] } {
  const seen = new Set<string | number>();
  const kept: R[] = [];
  const dropped: DroppedRow<R>[] = [];
  for (const row of rows) {
    const id = getRowId(row);
    if (id === null || id === undefined || id === '') dropped.push({ row, reason: 'empty id' });
    else if (seen.has(id)) dropped.push({ row, reason: 'duplicate id' });
    else {
      seen.add(id);
      kept.push(row);
    }
  }
  return { rows: kept, dropped };
}
