import { configure } from '@testing-library/react';

// A ceiling, not a budget: a query goes on the moment its element is there. Under the whole suite's
// load (two cores shared with the integration project) a route stub's render or an action's answer
// takes more than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 15_000 });
