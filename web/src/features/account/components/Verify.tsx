import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { useVerifyEmail } from '../api';
import { useFragmentToken } from '../fragment-token';

/** `/account/verify#token=…`: the link from the verification mail. */
export function Verify() {
  const token = useFragmentToken();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  if (!token || verify.isError)
    return (
      <PageState
        headingLevel={1}
        title="This verification link does not work"
        action={<Link to="/account">Go to your account to send a new one</Link>}
      >
        <p>It may have been used already, replaced by a newer link, or expired.</p>
      </PageState>
    );
  if (verify.isSuccess)
    return (
      <PageState
        headingLevel={1}
        title="Your email address is verified"
        action={<ButtonLink to="/">Start browsing</ButtonLink>}
      >
        <p>Thank you{verify.data.first_name ? `, ${verify.data.first_name}` : ''}.</p>
      </PageState>
    );
  return <Loading label="Verifying your email address…" />;
}
