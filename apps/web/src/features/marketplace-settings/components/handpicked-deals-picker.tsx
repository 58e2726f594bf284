import { Autocomplete, TextField } from '@mui/material';
import { HANDPICKED_OFFERS_MAX, type MarketplaceOfferCard } from '@tessera/domain';
import { useState } from 'react';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useMarketplaceOffers } from '../../marketplace/index.ts';

const SUGGESTIONS_MAX = 10;

/**
 * Finds listed offers by name to add to the handpicked deals: suggestions only after more than 2 characters
 * (001 §5), searched on the server's marketplace list, leaving out the offers already picked.
 */
export function HandpickedDealsPicker({
  tenantId,
  picked,
  onPick,
}: {
  tenantId: string;
  picked: MarketplaceOfferCard[];
  onPick: (offer: MarketplaceOfferCard) => void;
}) {
  const [text, setText] = useState('');
  const search = useListSearch(text);
  const results = useMarketplaceOffers(tenantId, { search, limit: SUGGESTIONS_MAX, sort: 'name' }, search !== '');
  const pickedIds = new Set(picked.map((o) => o._id));
  const options = search === '' ? [] : (results.data?.data ?? []).filter((o) => !pickedIds.has(o._id));
  const full = picked.length >= HANDPICKED_OFFERS_MAX;

  return (
    <Autocomplete<MarketplaceOfferCard>
      options={options}
      value={null}
      inputValue={text}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_e, offer) => {
        if (!offer) return;
        onPick(offer);
        setText('');
      }}
      disabled={full}
      filterOptions={(o) => o}
      loading={search !== '' && results.isFetching}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      noOptionsText={
        search === '' ? 'Type more than 2 characters to search' : results.isError ? 'Could not search the offers' : 'No offers found'
      }
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          <span>
            {o.name}
            <br />
            <small>{o.institution.name}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add an offer"
          placeholder="Search listed offers by name"
          helperText={
            full
              ? `At most ${HANDPICKED_OFFERS_MAX} handpicked deals: remove one to add another.`
              : `Up to ${HANDPICKED_OFFERS_MAX} listed offers.`
          }
        />
      )}
    />
  );
}
