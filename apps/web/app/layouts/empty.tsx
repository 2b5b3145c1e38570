import { Outlet } from 'react-router';

/** Pages that show only themselves, such as a sign-in callback passing through. */
export default function EmptyLayout() {
  return (
    <main className="page__empty" id="main">
      <Outlet />
    </main>
  );
}
