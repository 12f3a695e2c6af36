import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { useVerifyEmail } from '../api';
import { useFragmentToken } from '../fragment-token';

/** `/account/verify#token=…`: the link from the verification mail. */
export function Verify() {
  const { t } = useTranslation('account');
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
        title={t('verify.badTitle')}
        action={<Link to="/account">{t('verify.sendNew')}</Link>}
      >
        <p>{t('badLink')}</p>
      </PageState>
    );
  if (verify.isSuccess)
    return (
      <PageState
        headingLevel={1}
        title={t('verify.doneTitle')}
        action={<ButtonLink to="/">{t('verify.browse')}</ButtonLink>}
      >
        <p>
          {verify.data.first_name
            ? t('verify.thanksNamed', { name: verify.data.first_name })
            : t('verify.thanks')}
        </p>
      </PageState>
    );
  return <Loading label={t('verify.pending')} />;
}
