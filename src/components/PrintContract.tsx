/**
 * "Contract" link of a card: renders the company's default contract template with the card's values (server side)
 * and prints it. The text is shown as plain text (never HTML); printing shows only the contract.
 */
import React, { useState } from 'react';
import { Button, Modal, Spin } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { renderContract } from '@/services/campus';
import { cspNonce } from '@/utils/cspNonce';

const PRINT_CSS = '@media print { body * { visibility: hidden !important; } .contract-print, .contract-print * { visibility: visible !important; } .contract-print { position: absolute; left: 0; top: 0; width: 100%; } }';

export default function PrintContract({ cardId, cardNo }: { cardId: number; cardNo: string }) {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string>();
  const show = async () => {
    setOpen(true);
    setText(undefined);
    try {
      setText((await renderContract(cardId)).text);
    } catch {
      setOpen(false);
    }
  };
  return (
    <>
      <a onClick={show} aria-label={t('pact.printFor', { cardNo })}>
        {t('pact.print')}
      </a>
      <Modal
        open={open}
        title={t('pact.contractOf', { cardNo })}
        onCancel={() => setOpen(false)}
        width={760}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={() => setOpen(false)}>
            {t('web.close')}
          </Button>,
          <Button key="print" type="primary" disabled={!text} onClick={() => window.print()}>
            {t('pact.printNow')}
          </Button>,
        ]}
      >
        <style nonce={cspNonce}>{PRINT_CSS}</style>
        {text === undefined ? <Spin /> : <pre className="contract-print" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>{text}</pre>}
      </Modal>
    </>
  );
}
