#include "app/cubedesk/dumpprinter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cstdio>

using cubedesk::k8s::DumpRow;

namespace {

QString tsvField(const DumpRow::Value &v) {
    QString text;
    if (const auto *s = std::get_if<std::string>(&v))
        text = QString::fromStdString(*s);
    else if (const auto *i = std::get_if<std::int64_t>(&v))
        text = QString::number(*i);
    else
        text = QString::number(std::get<double>(v), 'g', 12);
    text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

void DumpPrinter::print(const std::vector<DumpRow> &rows, const QString &format) {
    if (format == QLatin1String("tsv")) {
        QStringList lines;
        if (!rows.empty()) {
            QStringList header;
            for (const auto &[name, v] : rows.front().fields)
                header << QString::fromStdString(name);
            lines << header.join(QLatin1Char('\t'));
        }
        for (const auto &row : rows) {
            QStringList cells;
            for (const auto &[name, v] : row.fields)
                cells << tsvField(v);
            lines << cells.join(QLatin1Char('\t'));
        }
        const QByteArray out = lines.join(QLatin1Char('\n')).toUtf8() + '\n';
        std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()), stdout);
        return;
    }
    QJsonArray array;
    for (const auto &row : rows) {
        QJsonObject o;
        for (const auto &[name, v] : row.fields) {
            const QString key = QString::fromStdString(name);
            if (const auto *s = std::get_if<std::string>(&v))
                o.insert(key, QString::fromStdString(*s));
            else if (const auto *i = std::get_if<std::int64_t>(&v))
                o.insert(key, static_cast<qint64>(*i));
            else
                o.insert(key, std::get<double>(v));
        }
        array.append(o);
    }
    const QByteArray out = QJsonDocument(array).toJson(QJsonDocument::Indented);
    std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()), stdout);
}
