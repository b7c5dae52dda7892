import { configure } from '@testing-library/react';

// findBy/waitFor give up after one second by default; on two busy cores a dialog's or a notice's
// transition alone can take longer, and a slow wait is not a failure.
configure({ asyncUtilTimeout: 5000 });
