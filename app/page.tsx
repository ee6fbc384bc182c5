import { redirect } from 'next/navigation';

// The inbox is home; the dashboard layout sends signed-out visitors on to /signin.
export default function HomePage() {
  redirect('/inbox');
}
